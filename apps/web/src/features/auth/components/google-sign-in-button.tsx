import { useEffect, useRef, useState } from 'react';
import { Button, Stack, Typography } from '@mui/material';
import GoogleIcon from '@mui/icons-material/Google';
import { MESSAGES } from '@app/domain';
import { usePublicConfig } from '../../../lib/public-config';
import { getGoogleNonce } from '../api/get-google-nonce';

interface GoogleIdentity {
  accounts: {
    id: {
      initialize(options: {
        client_id: string;
        callback: (response: { credential?: string }) => void;
        ux_mode?: string;
        nonce?: string;
      }): void;
      renderButton(element: HTMLElement, options: Record<string, unknown>): void;
    };
  };
}

declare global {
  interface Window {
    google?: GoogleIdentity;
  }
}

const SCRIPT_SRC = 'https://accounts.google.com/gsi/client';
let scriptPromise: Promise<GoogleIdentity> | null = null;

/** Loads Google Identity Services once, only when sign-in with Google is configured. */
function loadGoogleIdentity(): Promise<GoogleIdentity> {
  scriptPromise ??= new Promise<GoogleIdentity>((resolve, reject) => {
    if (window.google?.accounts?.id) return resolve(window.google);
    const script = document.createElement('script');
    script.src = SCRIPT_SRC;
    script.async = true;
    script.onload = () =>
      window.google?.accounts?.id ? resolve(window.google) : reject(new Error('no gsi'));
    script.onerror = () => {
      scriptPromise = null;
      reject(new Error('gsi failed to load'));
    };
    document.head.appendChild(script);
  });
  return scriptPromise;
}

/**
 * The "Sign in with Google" button (Google Identity Services). When the server has no
 * GOOGLE_CLIENT_ID the button is shown disabled with a short explanation instead of failing.
 */
export function GoogleSignInButton({
  label,
  onCredential,
  onError,
  disabled,
}: {
  label: string;
  /** The Google credential and the nonce it must carry (both go to the server). */
  onCredential: (credential: string, nonce: string) => void;
  onError: (message: string) => void;
  disabled?: boolean;
}) {
  const config = usePublicConfig();
  const clientId = config.data?.google_client_id ?? null;
  const container = useRef<HTMLDivElement>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  // Callbacks change on every render; GIS keeps the first one, so it reads the latest through a ref.
  const handlers = useRef({ onCredential, onError });
  useEffect(() => {
    handlers.current = { onCredential, onError };
  });

  useEffect(() => {
    if (!clientId || !container.current) return;
    let cancelled = false;
    // Each credential spends its nonce on the server: the button is armed with a fresh one first,
    // and again after every credential.
    const arm = async () => {
      const [google, { nonce }] = await Promise.all([loadGoogleIdentity(), getGoogleNonce()]);
      if (cancelled || !container.current) return;
      google.accounts.id.initialize({
        client_id: clientId,
        nonce,
        callback: (response) => {
          if (response.credential) handlers.current.onCredential(response.credential, nonce);
          else handlers.current.onError(MESSAGES.google.loginFailed);
          arm().catch(() => {
            if (!cancelled) setLoadFailed(true);
          });
        },
      });
      container.current.replaceChildren();
      google.accounts.id.renderButton(container.current, {
        type: 'standard',
        theme: 'filled_black',
        size: 'large',
        text: 'continue_with',
        shape: 'pill',
        width: Math.min(container.current.offsetWidth || 320, 400),
      });
    };
    arm().catch(() => {
      if (!cancelled) setLoadFailed(true);
    });
    return () => {
      cancelled = true;
    };
  }, [clientId]);

  if (config.isPending) {
    return (
      <Button variant="outlined" fullWidth disabled startIcon={<GoogleIcon />}>
        {label}
      </Button>
    );
  }
  if (!clientId || loadFailed) {
    return (
      <Stack spacing={1}>
        <Button variant="outlined" fullWidth disabled startIcon={<GoogleIcon />}>
          {label}
        </Button>
        <Typography variant="body2" sx={{ color: 'text.secondary', textAlign: 'center' }}>
          {loadFailed
            ? 'Google sign-in could not be loaded. Check your connection and try again.'
            : MESSAGES.google.notConfigured}
        </Typography>
      </Stack>
    );
  }
  return (
    <Stack
      ref={container}
      aria-label={label}
      aria-disabled={disabled || undefined}
      sx={{
        alignItems: 'center',
        minHeight: 44,
        pointerEvents: disabled ? 'none' : undefined,
        opacity: disabled ? 0.6 : 1,
      }}
    />
  );
}
