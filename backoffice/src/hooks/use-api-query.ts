import { useEffect } from 'react';
import { useOnError, type HttpError } from '@refinedev/core';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@reportsaathi/contracts/client';
import { apiCall } from '../providers/api-call';

/**
 * A read beyond Refine's CRUD (figures, options, one detail in a dialog): a typed contracts-client
 * call cached under `key`, on the react-query client Refine runs on. A failure goes to the auth
 * provider's onError as Refine's own hooks send it, so a 401 signs the admin out the same way.
 * Keys start with 'api', so signing in or out forgets these answers with the rest.
 */
export function useApiQuery<T>(
  key: readonly unknown[],
  call: (client: ApiClient) => Promise<T>,
  options: { enabled?: boolean; keepPrevious?: boolean } = {},
) {
  const { mutate: checkError } = useOnError();
  const query = useQuery<T, HttpError>({
    queryKey: ['api', ...key],
    queryFn: () => apiCall(call),
    enabled: options.enabled ?? true,
    retry: false,
    // A new page keeps showing the last one until it arrives (no flash of an empty table).
    placeholderData: options.keepPrevious ? keepPreviousData : undefined,
  });
  const { error } = query;
  useEffect(() => {
    if (error) checkError(error);
  }, [error, checkError]);
  return query;
}

/**
 * A change beyond Refine's generic CRUD forms, typed end to end (`c => c.adminAdmins.create({ body: values })`):
 * `run` calls it, `isPending` shows it running; a failure reaches the auth provider like a query's.
 */
export function useApiMutation<V, T>(call: (client: ApiClient, values: V) => Promise<T>) {
  const { mutate: checkError } = useOnError();
  return useMutation<T, HttpError, V>({
    mutationFn: (values) => apiCall((client) => call(client, values)),
    onError: (error) => checkError(error),
  });
}
