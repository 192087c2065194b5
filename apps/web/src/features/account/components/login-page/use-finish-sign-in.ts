import { useRouter } from '@tanstack/react-router';
import type { SignInAnswer } from '../../api';
import { useSession } from '../../session';

/**
 * Where a sign-in's redirect answer leads: only to a web page (http or https), read against the
 * current page so a path stays on this site.
 */
export function signInRedirectTarget(url: string, base: string): string {
  const target = new URL(url, base);
  if (target.protocol !== 'https:' && target.protocol !== 'http:') {
    throw new Error(`Refusing to follow a sign-in redirect to ${target.protocol}`);
  }
  return target.href;
}

/**
 * What every way of signing in ends with: a redirect answer is followed with a full page load
 * (it may lead to another site), a session is stored and the traveller goes back where they were
 * heading.
 */
export function useFinishSignIn(returnTo: string) {
  const router = useRouter();
  const { signIn } = useSession();
  return async (answer: SignInAnswer) => {
    if ('type' in answer) {
      window.location.assign(signInRedirectTarget(answer.url, window.location.href));
      return;
    }
    signIn(answer);
    await router.navigate({ href: returnTo, replace: true });
  };
}
