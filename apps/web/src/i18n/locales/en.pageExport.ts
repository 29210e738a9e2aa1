/** English texts of page export: the Export menu of a page and of a shared page. */
export const enPageExport = {
  button: 'Export',
  pptx: 'PowerPoint (.pptx)',
  pdf: 'PDF',
  menuLabel: 'Export this page',
  preparing: 'Preparing the {{format}} file…',
  progress: 'Exporting… {{percent}}%',
  working: 'Exporting…',
  done: 'Downloaded {{name}}',
  failed: 'Operation failed, please try again',
  pageNotFound: 'Page not found',
  shareGone: 'This share link may have expired or does not exist',
};
