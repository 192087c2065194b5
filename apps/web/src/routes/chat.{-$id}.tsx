import { isApiError } from '@gallop/api-client';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { requireSession } from '../features/account/guard';
import { ensureSignedInUser } from '../features/account/signed-in-user';
import { prefetchChatPage } from '../features/chat/api';
import { ChatPage } from '../features/chat/components/chat-page/chat-page';
import { parseChatId } from '../features/chat/format';
import { OrganizerAnswerCard } from '../features/partner/components/organizer-answer/organizer-answer';
import { pageHead } from '../features/seo/head';

/**
 * `/chat/{id?}` (docs/product.md, Routes, sign-in required): the conversations, and with an id the
 * open one. A non-numeric id, or a chat that is not the user's, is the 404 page.
 */
export const Route = createFileRoute('/chat/{-$id}')({
  beforeLoad: requireSession,
  loader: async ({ context, location, params }) => {
    const chatId = params.id === undefined ? undefined : parseChatId(params.id);
    if (chatId === null) throw notFound();
    const user = await ensureSignedInUser({ context, location });
    try {
      await prefetchChatPage(context.queryClient, context.api, chatId);
    } catch (error) {
      if (isApiError(error) && (error.status === 404 || error.status === 403)) throw notFound();
      throw error;
    }
    return { chatId, userId: user.id };
  },
  head: ({ match }) =>
    pageHead(
      { title: 'Messages', canonical: '/chat', noindex: true },
      match.context.site.publicUrl,
    ),
  component: ChatRoute,
});

function ChatRoute() {
  const { chatId, userId } = Route.useLoaderData();
  return <ChatPage chatId={chatId} userId={userId} bookingActions={organizerAnswers} />;
}

/** On the organizer's side each booking's card offers confirm, decline and cancel (issue 42). */
const organizerAnswers = (bookingId: number) => <OrganizerAnswerCard bookingId={bookingId} />;
