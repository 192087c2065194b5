/**
 * A signed-in traveller's API for component tests: the profile and the account's saved tours,
 * which `account` holds and a `favourite-tour/create` adds to. `extra` answers other paths first
 * (a catalogue, say); every call is recorded as `METHOD /path`.
 */
export function fakeAccountApi(
  account: number[],
  extra: (url: URL, request: Request) => Response | undefined = () => undefined,
) {
  const calls: string[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    calls.push(`${request.method} ${url.pathname}`);
    const answered = extra(url, request);
    if (answered) return answered;
    switch (url.pathname) {
      case '/crm/api/user/profile':
        return Response.json({ id: 7, first_name: 'Ada', last_name: 'Byron', email: 'a@b.c' });
      case '/crm/api/user/favourite-tours':
        return Response.json({ ids: account });
      case '/crm/api/favourite-tour/create': {
        const { tour_id } = (await request.json()) as { tour_id: number };
        account.push(tour_id);
        return Response.json({ ids: account });
      }
      default:
        return Response.json({ message: 'Not found' }, { status: 404 });
    }
  };
  return { fetch, calls };
}
