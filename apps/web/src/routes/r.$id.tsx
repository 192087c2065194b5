import { createFileRoute } from '@tanstack/react-router';
import { followShortLink } from '../features/short-links/api';

/**
 * `/r/{id}` short links (docs/product.md, Routes): a 302 to the stored target; unknown ids are 404.
 */
export const Route = createFileRoute('/r/$id')({
  loader: ({ context, params }) => followShortLink(context.queryClient, context.api, params.id),
});
