/** What other features may use of moderation. */
export { NOT_MEDICAL_FLAG } from './severity';
