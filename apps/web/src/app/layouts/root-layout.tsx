import { Suspense } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { Box } from '@mui/material';
import { CHROMELESS_PATHS } from '../../config/paths';
import { Navbar } from './navbar';
import { Footer } from './footer';
import { PageLoading } from '../../components/page-loading';

/** Navbar and footer everywhere except the library pages (spec §2 layout). */
export function RootLayout() {
  const { pathname } = useLocation();
  const chromeless = CHROMELESS_PATHS.includes(pathname.replace(/\/+$/, '') || '/');
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      {!chromeless && <Navbar />}
      <Box component="main" sx={{ flexGrow: 1 }}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </Box>
      {!chromeless && <Footer />}
      <ScrollRestoration />
    </Box>
  );
}
