import { Navigate, useLocation } from 'react-router';
import { toolRedirects } from '@paperknife/catalog/tools';

/**
 * Old paths that moved for good (`/secure-pdf` -> `/protect-pdf`). The server answers them with a 301; this covers
 * navigation inside the app.
 */
export default function MovedPage() {
  const { pathname, search } = useLocation();
  const target = (toolRedirects as Record<string, string>)[pathname.replace(/\/+$/, '')] ?? '/';
  return <Navigate to={`${target}${search}`} replace />;
}
