import { useState, type Key } from 'react';
import { useDeleteMany } from '@refinedev/core';
import { App } from 'antd';
import { bulkDeletedText } from '../format';

/**
 * The bulk delete of an admin list (reports, chats): the selected rows, the confirmation's state
 * and the delete itself. Success says how many went (and how many were already gone), clears the
 * selection, closes the confirmation and calls `onDeleted`; failure shows `failure` and leaves the
 * selection and the confirmation as they were.
 */
export function useBulkDelete({
  resource,
  noun,
  failure,
  onDeleted,
}: {
  resource: string;
  /** One row, as the success message counts them: 'chat' → '2 chats deleted'. */
  noun: string;
  failure: string;
  onDeleted: () => void;
}) {
  const { message } = App.useApp();
  const { mutateAsync: deleteMany, mutation } = useDeleteMany();
  const [selected, setSelected] = useState<Key[]>([]);
  const [confirming, setConfirming] = useState(false);

  /** Deletes the selected rows; `values` go with the ids (the reports' `permanent`). */
  const remove = async (values?: Record<string, unknown>) => {
    try {
      const answer = await deleteMany({
        resource,
        ids: selected.map(String),
        ...(values ? { values } : {}),
        successNotification: false,
        errorNotification: false,
      });
      void message.success(bulkDeletedText(answer.data[0], noun, selected.length));
      setSelected([]);
      setConfirming(false);
      onDeleted();
    } catch {
      void message.error(failure);
    }
  };

  return {
    selected,
    setSelected,
    confirming,
    /** Opens the confirmation (only with rows selected). */
    confirm: () => selected.length > 0 && setConfirming(true),
    close: () => setConfirming(false),
    remove,
    busy: mutation.isPending,
  };
}
