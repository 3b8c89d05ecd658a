/** SPEC §2: the role badge shows the role with underscores as spaces, upper case. */
export function formatRole(role: string | null | undefined): string {
  return (role ?? '').replace(/_/g, ' ').toUpperCase();
}
