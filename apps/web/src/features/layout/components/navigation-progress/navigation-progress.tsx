import { TopLoadingBar } from '@gallop/ui-kit';
import { useRouterState } from '@tanstack/react-router';

/** The purple bar at the top while the router loads the next page (docs/product.md, Screens). */
export function NavigationProgress() {
  const loading = useRouterState({ select: (state) => state.status === 'pending' });
  return <TopLoadingBar loading={loading} />;
}
