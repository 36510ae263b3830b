import { Navigate, useLocation } from 'react-router';
import { toolRedirects } from '@paperknife/catalog/tools';
import { localizedPath, splitLocalePath } from '@paperknife/i18n/locales';

/**
 * Old paths that moved for good (`/secure-pdf` -> `/protect-pdf`). The server answers them with a 301; this covers
 * navigation inside the app.
 */
export default function MovedPage() {
  const { pathname, search } = useLocation();
  const page = splitLocalePath(pathname);
  const target = (toolRedirects as Record<string, string>)[page.path.replace(/\/+$/, '')] ?? '/';
  return <Navigate to={`${localizedPath(target, page.code)}${search}`} replace />;
}
