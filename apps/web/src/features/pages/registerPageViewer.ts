/** Makes `/share/:shareId` of a page show the slideshow instead of the plain outline. */
import { lazy } from 'react';
import { registerShareViewer } from '../share/viewer/viewers';

registerShareViewer(
  'page',
  lazy(() => import('./SharedPageViewer').then((m) => ({ default: m.SharedPageViewer }))),
);
