/** Multipart bodies for upload routes (files plus plain fields). */
export function formDataOf(fields: Record<string, string | Blob>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}
