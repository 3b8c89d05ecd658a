import { buildChangedApps } from './lib/app-builds';

/** `npm run build:changed`: builds each web app whose sources changed since its build (decision 176). */
buildChangedApps();
