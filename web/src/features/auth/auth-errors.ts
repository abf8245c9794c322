// Firebase Auth error codes → sentences a person can act on.

export function authErrorMessage(error: unknown): string {
  // Read the code structurally: importing FirebaseError would pull the SDK into the login chunk.
  const code = typeof (error as { code?: unknown })?.code === 'string' ? (error as { code: string }).code : '';
  switch (code) {
    case 'auth/invalid-email':
      return 'Please enter a valid email';
    case 'auth/user-not-found':
      return "This email doesn't exist";
    case 'auth/wrong-password':
      return 'Password is incorrect please try again';
    case 'auth/user-token-expired':
    case 'auth/requires-recent-login':
      return 'Please login again (password changed)';
    case 'auth/invalid-credential':
    case 'auth/invalid-login-credentials':
      return 'Email or password is incorrect. Please try again.';
    case 'auth/email-already-in-use':
      return 'An account with this email already exists. Please log in instead.';
    case 'auth/weak-password':
      return 'Password should be at least 6 characters.';
    case 'auth/too-many-requests':
      return 'Too many attempts. Please wait a moment and try again.';
    case 'auth/popup-closed-by-user':
    case 'auth/cancelled-popup-request':
      return 'Google sign-in was cancelled.';
    case 'auth/network-request-failed':
      return 'Network error. Check your connection and try again.';
    default:
      return 'An error occurred during sign in/out';
  }
}
