// Sign-in actions. Firebase Auth is imported on demand so public pages and /login paint before it loads.
async function auth() {
  const [{ firebaseAuth }, sdk] = await Promise.all([import('./firebase'), import('firebase/auth')]);
  return { auth: firebaseAuth(), sdk };
}

export async function signInWithEmail(email: string, password: string): Promise<void> {
  const { auth: a, sdk } = await auth();
  await sdk.signInWithEmailAndPassword(a, email, password);
}

export async function signUpWithEmail(email: string, password: string): Promise<void> {
  const { auth: a, sdk } = await auth();
  await sdk.createUserWithEmailAndPassword(a, email, password);
}

/** Google sign-in: the Auth emulator's Google flow locally, real Google in production. */
export async function signInWithGoogle(): Promise<void> {
  const { auth: a, sdk } = await auth();
  await sdk.signInWithPopup(a, new sdk.GoogleAuthProvider());
}

export async function signOutUser(): Promise<void> {
  const { auth: a, sdk } = await auth();
  await sdk.signOut(a);
}
