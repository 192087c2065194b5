import { useRouter } from '@tanstack/react-router';
import type { AuthSession } from '../../api';
import { useSession } from '../../session';

type SignInAnswer = AuthSession | { type: 'redirect'; url: string };

/**
 * What every way of signing in ends with: a redirect answer is followed (spec section 8), a
 * session is stored and the traveller goes back where they were heading.
 */
export function useFinishSignIn(returnTo: string) {
  const router = useRouter();
  const { signIn } = useSession();
  return async (answer: SignInAnswer) => {
    if ('type' in answer) {
      window.location.assign(answer.url);
      return;
    }
    signIn(answer);
    await router.navigate({ href: returnTo, replace: true });
  };
}
