import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Box } from '@mui/material';
import { CHROMELESS_PATHS } from '../../config/paths';
import { Navbar } from './navbar';
import { Footer } from './footer';
import { PageLoading } from '../../components/page-loading';
import { ScrollRestoration } from './scroll-restoration';

/** Navbar and footer everywhere except the library pages (spec §2 layout). */
export function RootLayout() {
  const { pathname } = useLocation();
  const chromeless = CHROMELESS_PATHS.includes(pathname.replace(/\/+$/, '') || '/');
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Box
        component="a"
        href="#main"
        sx={{
          position: 'absolute',
          left: 16,
          top: -64,
          zIndex: 'tooltip',
          px: 2,
          py: 1.5,
          borderRadius: 1,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          fontWeight: 600,
          textDecoration: 'none',
          '&:focus': { top: 8 },
        }}
      >
        Skip to content
      </Box>
      {!chromeless && <Navbar />}
      <Box component="main" id="main" tabIndex={-1} sx={{ flexGrow: 1, outline: 'none' }}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </Box>
      {!chromeless && <Footer />}
      <ScrollRestoration />
    </Box>
  );
}
