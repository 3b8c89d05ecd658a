// @ts-nocheck
import { redirect } from '@remix-run/node';

export function loader() {
  return redirect('/user/dashboard');
}
