import { createFileRoute } from '@tanstack/react-router';
import { followTelegramLink } from '../features/short-links/api';

/**
 * `/tg/{uuid}`: redirect for a messenger link (docs/product.md, Routes); see `followTelegramLink`.
 */
export const Route = createFileRoute('/tg/$uuid')({
  loader: ({ context, params }) =>
    followTelegramLink(context.queryClient, context.api, params.uuid),
});
