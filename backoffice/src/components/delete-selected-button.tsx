import { CanAccess } from '@refinedev/core';
import { Button } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';

/** 'Delete Selected (N)' above an admin list, for an admin who may bulk-delete its rows. */
export function DeleteSelectedButton({
  resource,
  count,
  onClick,
}: {
  resource: string;
  count: number;
  onClick: () => void;
}) {
  return (
    <CanAccess resource={resource} action="bulk_delete">
      <Button danger icon={<DeleteOutlined />} disabled={count === 0} onClick={onClick}>
        Delete Selected ({count})
      </Button>
    </CanAccess>
  );
}
