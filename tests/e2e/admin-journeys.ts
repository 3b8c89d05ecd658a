import { runAdminLoginJourney } from '../../backoffice/e2e/admin-login.e2e';
import { axeScan, test } from './harness';

/** The back office: the bootstrap super admin signs in, sees the role-gated layout, signs out. */
test('admin login, role-gated layout and logout (with an axe scan of each screen)', async ({
  base,
  newPage,
}) => {
  const page = await newPage();
  await runAdminLoginJourney(
    base,
    'admin',
    process.env.ADMIN_PASSWORD ?? 'e2e-admin-password',
    page,
    (label) => axeScan(page, label),
  );
});
