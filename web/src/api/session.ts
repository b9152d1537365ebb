// Who is signed in, and signing in and out.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Me } from '@prospectie/contract';
import { api, ApiError } from './client';

export const meQueryKey = ['me'] as const;

/** The signed-in user, or null when there is no session. */
export function useMe() {
  return useQuery({
    queryKey: meQueryKey,
    queryFn: async (): Promise<Me | null> => {
      try {
        return await api<Me>('/me');
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) return null;
        throw err;
      }
    },
    staleTime: 5 * 60 * 1000,
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
  });
}

export function useAuthConfig() {
  return useQuery({
    queryKey: ['auth-config'],
    queryFn: () => api<{ authMode: 'demo' | 'oidc' }>('/auth/config'),
    staleTime: Infinity,
  });
}

export function useDemoSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => api<void>('/auth/demo', { method: 'POST', body: { email } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>('/auth/logout', { method: 'POST' }),
    onSettled: () => {
      // A shared phone must not keep the last rep's data.
      try {
        localStorage.clear();
        sessionStorage.clear();
      } catch {
        /* storage may be unavailable */
      }
      queryClient.clear();
      queryClient.setQueryData(meQueryKey, null);
    },
  });
}
