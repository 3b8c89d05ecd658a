/** What other features may use of auth. */
export { toPublicUser } from './auth.service';
export { completeSignIn, signIn, type SignInAccount, type SignInPolicy, type SignedIn } from './sign-in';
