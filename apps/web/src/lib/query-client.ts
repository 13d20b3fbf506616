import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { signedMediaRenewal } from './signed-media';

/** A client with the app's defaults: the browser's one below, or one per page the server renders. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Signed media URLs (unapproved videos' files) live minutes: a page showing them fetches
        // them again before they expire (queries with their own interval combine it themselves).
        refetchInterval: (query) => signedMediaRenewal(query.state.data),
        retry: (failures, error) =>
          failures < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
    },
  });
}

export const queryClient = createQueryClient();
