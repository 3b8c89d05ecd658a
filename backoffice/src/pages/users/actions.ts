import { useState } from 'react';
import { useInvalidate } from '@refinedev/core';
import { App } from 'antd';
import { apiCall } from '../../providers/api-call';
import { errorMessage } from '../../format';

export const SUSPEND_PROMPT = 'Reason for suspension:';

/**
 * Suspend (with a reason) and activate, shared by the users list and the user detail. Failures
 * show 'Failed to {suspend|activate} user: {message}'; success refreshes the users' data.
 */
export function useUserStatusActions() {
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  const [busyId, setBusyId] = useState<number | null>(null);

  async function run(kind: 'suspend' | 'activate', id: number, reason?: string) {
    setBusyId(id);
    try {
      const answer = await apiCall((c) =>
        kind === 'suspend'
          ? c.adminUsers.suspend({ params: { id }, query: { reason: reason ?? '' } })
          : c.adminUsers.activate({ params: { id } }),
      );
      void message.success(answer.message);
      await invalidate({ resource: 'users', invalidates: ['list', 'detail'], id });
      return true;
    } catch (error) {
      void message.error(`Failed to ${kind} user: ${errorMessage(error)}`);
      return false;
    } finally {
      setBusyId(null);
    }
  }

  return {
    busyId,
    /** An empty reason does nothing (the prompt was cancelled). */
    suspend: (id: number, reason: string) =>
      reason.trim() ? run('suspend', id, reason.trim()) : Promise.resolve(false),
    activate: (id: number) => run('activate', id),
  };
}
