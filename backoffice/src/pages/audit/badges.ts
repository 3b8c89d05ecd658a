import type { Tone } from '../../components/badges';

/** An action is shown with underscores as spaces, upper case ('SUSPEND USER'). */
export function actionLabel(action: string): string {
  return action.replace(/_/g, ' ').toUpperCase();
}

/**
 * The action badge's colour: red for delete or suspend, green for create or activate, blue for
 * update or edit, purple for login or logout, grey otherwise. Read by whole words of the action,
 * so 'deactivate_plan' is not taken for 'activate'.
 */
export function actionTone(action: string): Tone {
  const words = new Set(action.toLowerCase().split(/[_\s]+/));
  const has = (...names: string[]) => names.some((n) => words.has(n));
  if (has('delete', 'suspend')) return 'red';
  if (has('create', 'activate')) return 'green';
  if (has('update', 'edit')) return 'blue';
  if (has('login', 'logout')) return 'purple';
  return 'grey';
}

/** Status badge: green success, red failed, yellow otherwise (partial). */
export function outcomeTone(success: string): Tone {
  if (success === 'success') return 'green';
  if (success === 'failed') return 'red';
  return 'yellow';
}
