import type { LoaderFunctionArgs } from '@remix-run/node';
import { asPage } from '../utils/api.server';
import { requireUser } from '../utils/auth.server';

/**
 * What the dashboard polls every 10 s: only the reports still pending or processing (ids and
 * statuses), not the whole list. When one of them finishes the dashboard re-reads its page once.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context);
  const page = await asPage(
    await api.reports.list({ query: { page: 1, status: ['pending', 'processing'], limit: 100 } }),
  );
  return { running: page.reports.map((r) => ({ id: r.id, status: r.status })), total: page.total };
}
