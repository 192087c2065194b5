import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import { loadContract, type Contract, type ServiceHandlers } from '#src/contract.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import type { Env } from '#src/env.ts';
import { createServiceHandlers } from '#src/handlers.ts';
import { allowWebOrigin } from '#src/http/cors.ts';
import { usePrecompiledContractValidator } from '#src/http/contract-validator.ts';
import { createCounterStore } from '#src/http/counter-store.ts';
import { answerErrorsAsJson, sendError } from '#src/http/errors.ts';
import { logSerializers } from '#src/http/log-serializers.ts';
import { createRateLimits, type CaptchaLevel } from '#src/http/rate-limit.ts';
import { serializersOnFirstUse } from '#src/http/lazy-compilers.ts';
import { requestValidatorCompiler } from '#src/http/request-validators.ts';
import { rejectUnsafeInput } from '#src/http/unsafe-input.ts';
import { answerClientError, REQUEST_BODY_LIMIT_BYTES } from '#src/http/request-limits.ts';
import { addSecurityHeaders } from '#src/http/security-headers.ts';
import { refuseXmlBodies } from '#src/http/xml-bodies.ts';
import { echoRequestId, REQUEST_ID_HEADER, requestIdFrom } from '#src/http/request-id.ts';
import { createLifecycle, type Lifecycle } from '#src/lifecycle.ts';
import { closeConnectionsWhileDraining } from '#src/http/drain.ts';
import { createDatabaseOutageLog } from '#src/db/outage-log.ts';
import { logOptions } from '#src/logging.ts';
import type { AppMetrics } from '#src/metrics/app-metrics.ts';
import {
  createCachedAnswers,
  createCardStore,
  createCatalogResponseCache,
  createSearchIndex,
  createSearchLimit,
  createTourChangesFeed,
  startDiscountExpiry,
  type ResponseCache,
} from '#src/modules/catalog/index.ts';
import {
  channelsReachingLogins,
  outboxTransport,
  registerDevOutboxRoute,
  startOutboxDispatcher,
} from '#src/modules/notifications/index.ts';
import { DEFAULT_MEDIA_CACHE_DIR, registerMediaRoutes } from '#src/modules/media/index.ts';
import { lazyDemoMediaRenderer } from '#src/demo/plugin.ts';
import { createRatesCache } from '#src/shared/money/rates.ts';
import { bookingPayments, registerSandboxPaymentPages } from '#src/modules/payments/index.ts';
import { registerDevTourEndRoute, startBookingExpiry } from '#src/modules/bookings/index.ts';
import { startFollowerNotices } from '#src/modules/tour-actions/index.ts';
import { createAltcha, type Difficulty } from '#src/modules/captcha/index.ts';
import {
  attachChatSocket,
  botSecrets,
  registerBotWebhooks,
  startAttachmentSweep,
  startSystemMessageAnnouncer,
  type BotSource,
} from '#src/modules/chat/index.ts';
import {
  internalSecretsAtStart,
  registerOperationsRoutes,
  resolveSharedSecrets,
} from '#src/modules/operations/index.ts';
import {
  DEFAULT_UPLOADS_DIR,
  registerMultipart,
  registerUploadRoutes,
  startUploadPurge,
  UploadStore,
} from '#src/modules/uploads/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Shutdown state read by the probes; `beginShutdown()` makes them answer 503. */
    lifecycle: Lifecycle;
  }
}

export interface BuildAppOptions {
  /** The opened (and migrated) database the handlers query. */
  database: DatabaseHandle;
  /** Where pino writes; tests pass a stream to read the logs. Defaults to stdout. */
  logStream?: NodeJS.WritableStream;
  /** Render the landing videos in the background at start (servers yes, tests no). */
  prepareVideos?: boolean;
  /** The OpenAPI document; defaults to the bundled contract. */
  contract?: Contract;
  /** The catalogue response cache; defaults to the one the environment configures. */
  responseCache?: ResponseCache;
  /**
   * Resolves once the database is migrated and seeded. Given, the app starts reading what it
   * needs before answering (the search index, its secrets) right then, while the rest of the
   * start goes on, instead of when it gets ready (decision 076).
   */
  databasePrepared?: Promise<unknown>;
  /**
   * How long start-up hooks may take (Fastify's `pluginTimeout`, 10 s by default). Tests raise it:
   * on a loaded two-core machine a test app's first reads can take longer than that.
   */
  startTimeoutMs?: number;
  /** Easier captcha challenges (tests solve them in Node). */
  captchaDifficulty?: Partial<Record<CaptchaLevel, Difficulty>>;
  /** The Prometheus metrics, with METRICS_PORT (decision 170); none otherwise. */
  metrics?: AppMetrics;
}

type GlueHandler = Extract<RouteOptions['handler'], (...args: never[]) => unknown>;
type RouteHook = Extract<RouteOptions['onRequest'], (...args: never[]) => unknown>;

/**
 * Resolves each contract operation to its handler. A missing handler (the contract JSON is newer
 * than the generated types) answers 501 and is logged at start rather than crashing the API.
 */
function resolveOperations(app: FastifyInstance, handlers: ServiceHandlers) {
  return (operationId: string): GlueHandler => {
    if (Object.hasOwn(handlers, operationId)) {
      return handlers[operationId as keyof ServiceHandlers] as unknown as GlueHandler;
    }
    app.log.warn({ operationId }, 'contract operation has no handler');
    return async (_request, reply) =>
      reply.code(501).send({ message: `Operation ${operationId} is not implemented` });
  };
}

/**
 * Gives the routes of some operations an `onRequest` hook of their own (it runs after the global
 * ones: request id, CORS). Register before the contract's routes.
 */
function addOperationHooks(
  app: FastifyInstance,
  handlers: ServiceHandlers,
  hooks: Partial<Record<keyof ServiceHandlers, RouteHook>>,
): void {
  const byHandler = new Map<unknown, RouteHook>();
  for (const [operationId, hook] of Object.entries(hooks)) {
    byHandler.set(handlers[operationId as keyof ServiceHandlers], hook);
  }
  app.addHook('onRoute', (route) => {
    const hook = byHandler.get(route.handler);
    if (hook) route.onRequest = [...[route.onRequest ?? []].flat(), hook];
  });
}

/** The API as a Fastify instance, routes and validation generated from the contract. */
/** How long the start waits for the first search index (see `onReady` below). */
const INDEX_WARM_WAIT_MS = 5_000;
/** How long the start waits for the rate limits' Redis (counts are local until it answers). */
const LIMITS_REDIS_WAIT_MS = 2_000;

/** Resolves when `work` does or after `ms`, whichever comes first (the work goes on). */
function waitAtMost(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export function buildApp(env: Env, options: BuildAppOptions): FastifyInstance {
  const app = Fastify({
    logger: {
      ...logOptions(env.LOG_LEVEL, options.logStream),
      // Request lines without the secrets of links, `?key=`, `?token=` (docs/security.md).
      serializers: logSerializers,
    },
    genReqId: requestIdFrom,
    // `request.ip` is the visitor behind the web server (X-Forwarded-For), and only when the
    // peer is one of these proxies: the per-address limits key on it (docs/security.md).
    trustProxy: env.TRUSTED_PROXIES,
    ...(options.startTimeoutMs ? { pluginTimeout: options.startTimeoutMs } : {}),
    // Each route's serializers are compiled on first use, not at start (decision 070); so are
    // its validators (`requestValidatorCompiler`, below).
    schemaController: {
      compilersFactory: { buildSerializer: serializersOnFirstUse(SerializerSelector()) },
    },
    // Too large a body answers 413, too large a request line or headers 431, as JSON, without
    // resetting the connection (issue 43, finding 10).
    bodyLimit: REQUEST_BODY_LIMIT_BYTES,
    clientErrorHandler: answerClientError,
    frameworkErrors(error, request, reply) {
      reply.header(REQUEST_ID_HEADER, request.id);
      return sendError(error, request, reply);
    },
  });

  // Every invalid field at once, unknown body fields refused, JSON bodies not coerced: a wrong
  // type is a 400 (decision 156). Before any route: plugins' routes inherit it.
  app.setValidatorCompiler(requestValidatorCompiler());

  const lifecycle = createLifecycle();
  app.decorate('lifecycle', lifecycle);
  closeConnectionsWhileDraining(app, lifecycle);
  // A database that cannot be reached is said once per component, then once when it is back.
  const outage = createDatabaseOutageLog(
    () => options.database.ping(),
    app.log.child({ module: 'database' }),
  );
  app.addHook('onClose', async () => outage.close());
  options.metrics?.watch(app, { database: options.database, outage });
  /** A background job's failure: one line per outage, else each failure with its error. */
  const jobError =
    (log: FastifyBaseLogger, component: string, message: string) => (error: unknown) => {
      if (!outage.report(component, error)) log.warn({ err: error }, message);
    };

  echoRequestId(app);
  addSecurityHeaders(app);
  allowWebOrigin(app, env.WEB_ORIGIN);
  answerErrorsAsJson(app);
  rejectUnsafeInput(app);
  refuseXmlBodies(app);
  const media = registerMediaRoutes(app, {
    cacheDir: env.MEDIA_CACHE_DIR ?? DEFAULT_MEDIA_CACHE_DIR,
    prepareVideos: options.prepareVideos ?? false,
    // Pictures and videos drawn from nothing are the demo's (decision 105).
    renderer: env.DEMO_DATA === 'on' ? lazyDemoMediaRenderer() : undefined,
  });
  const uploadsDir = env.UPLOADS_DIR ?? DEFAULT_UPLOADS_DIR;
  const uploadStore = new UploadStore(uploadsDir);
  registerMultipart(app);
  registerUploadRoutes(app, { db: options.database.db, store: uploadStore, images: media.images });

  // Every catalogue write reaches the index, the kept cards and the cached answers as the tours
  // it changed, read from the change log about twice a second (decision 110).
  const tourChanges = createTourChangesFeed(options.database.db, {
    onError: (error) => {
      if (!outage.report('catalog', error))
        app.log.warn({ err: error, module: 'catalog' }, 'tour changes not read');
    },
  });
  const responseCache =
    options.responseCache ??
    createCatalogResponseCache(env, tourChanges, app.log.child({ module: 'cache' }));
  app.addHook('onClose', () => responseCache.close());
  const rates = createRatesCache(options.database.db);
  // Repeated searches are answered before validation and the handler (decision 030).
  const cachedAnswers = createCachedAnswers({ responseCache, rates });
  const searchIndex = createSearchIndex(
    env,
    options.database.db,
    app.log.child({ module: 'search-index' }),
    options.database.driver,
    tourChanges,
  );
  // The cards the index's searches show, forgetting a tour's when it changes (decision 083).
  const cardStore = searchIndex
    ? createCardStore(options.database.db, {
        maxEntries: env.CARD_STORE_TOURS,
        changes: tourChanges.subscribe(),
      })
    : undefined;
  let warming: Promise<void> | undefined;
  const warmIndex = () => (warming ??= searchIndex?.warm() ?? Promise.resolve());
  if (searchIndex) {
    // The first index is built before the server answers when it is quick (small catalogues,
    // tests); a larger one keeps building in the background while searches run in SQL, so the
    // start never exceeds Fastify's plugin timeout (10 s). A failure leaves searches on SQL.
    app.addHook('onReady', () => waitAtMost(warmIndex(), INDEX_WARM_WAIT_MS));
    app.addHook('onClose', async () => searchIndex.close());
  }

  // Secrets only this API checks: configured, else generated once per database and read from it
  // before the app serves. Secrets shared with another service: unset in production, their
  // feature is off and a warning says so (decision 061).
  const internalSecrets = internalSecretsAtStart(options.database.db, env);

  // Rate limits count in Redis when REDIS_URL is set (one count for every API process), else in
  // this process; a solved ALTCHA challenge lifts a limit once (decision 094).
  const limitStore = createCounterStore({
    redisUrl: env.REDIS_URL,
    log: app.log.child({ module: 'limits' }),
  });
  // Until Redis answers each process counts alone: wait for it a little before serving.
  app.addHook('onReady', () => waitAtMost(limitStore.ready(), LIMITS_REDIS_WAIT_MS));
  app.addHook('onClose', () => limitStore.close());
  const captcha = createAltcha({
    secret: internalSecrets.captcha,
    store: limitStore,
    difficulty: options.captchaDifficulty,
  });
  const rateLimits = createRateLimits({
    store: limitStore,
    captcha,
    onRefused: options.metrics?.countRefusal,
  });

  // The chat's Socket.IO server rides on this app's HTTP server: it serves once the app listens,
  // and its sockets are dropped before the server closes (they would hold the close open).
  const chatSocket = attachChatSocket(app.server, {
    db: options.database.db,
    webOrigin: env.WEB_ORIGIN,
    redisUrl: env.REDIS_URL,
    log: app.log.child({ module: 'chat' }),
    // Long-polling needs every request of a session on one process (decision 164).
    websocketOnly: env.API_WORKERS > 1,
    // Handshakes per address and joins a minute count once for every API process.
    rateLimits,
    // Handshakes are counted per client address, the one `request.ip` gives (`trustProxy` above).
    trustedProxies: env.TRUSTED_PROXIES,
  });
  app.addHook('preClose', () => chatSocket.close());

  // Messenger bots post the connection codes travellers send them here (decision 059).
  const bots = botSecrets(env);
  const botDeps = {
    db: options.database.db,
    realtime: chatSocket.realtime,
    publicUrl: env.PUBLIC_URL ?? env.WEB_ORIGIN,
  };
  registerBotWebhooks(app, { ...botDeps, secrets: bots, rateLimits });

  let resolvingSecrets: Promise<void> | undefined;
  const resolveSecrets = () => (resolvingSecrets ??= internalSecrets.resolve());
  app.addHook('onReady', resolveSecrets);
  options.databasePrepared?.then(
    () => {
      void warmIndex();
      // Reported by the onReady hook, which awaits the same promise.
      resolveSecrets().catch(() => {});
    },
    () => {},
  );
  const sharedSecrets = resolveSharedSecrets(env, app.log);
  registerSandboxPaymentPages(app, {
    db: options.database.db,
    publicUrl: env.PUBLIC_URL ?? env.WEB_ORIGIN,
    secret: internalSecrets.paymentSandbox,
  });
  const handlers = createServiceHandlers({
    lifecycle,
    db: options.database.db,
    rates,
    responseCache,
    searchIndex,
    cardStore,
    cachedAnswers,
    publicWriteLimit: env.PUBLIC_WRITE_LIMIT,
    guestDateShare: env.GUEST_DATE_SHARE,
    authLimit: env.AUTH_LIMIT,
    authAccountLimit: env.AUTH_ACCOUNT_LIMIT,
    authAddressLimit: env.AUTH_ADDRESS_LIMIT,
    paymentSecret: internalSecrets.paymentSandbox,
    bookingHoldHours: env.BOOKING_HOLD_HOURS,
    responseDeadlineHours: env.RESPONSE_DEADLINE_HOURS,
    bookingLinkSecret: internalSecrets.bookingLinks,
    log: app.log,
    rateLimits,
    captcha,
    chatRealtime: chatSocket.realtime,
    sessionsEnded: chatSocket.endSessions,
    // One-time codes and programme orders only by a channel that delivers them (production:
    // e-mail with SMTP).
    reachableChannels: channelsReachingLogins(env),
    connectableMessengers: Object.keys(bots) as BotSource[],
    chatSendLimit: env.CHAT_SEND_LIMIT,
    phoneCodeLimit: env.PHONE_CODE_LIMIT,
    callSecret: sharedSecrets.call,
    followerSecret: internalSecrets.follower,
    verification: {
      serviceUrl: env.VERIFICATION_SERVICE_URL,
      secret: sharedSecrets.verification,
    },
    uploadsDir,
    uploadLimit: env.UPLOAD_LIMIT,
    content: {
      publicUrl: env.PUBLIC_URL ?? env.WEB_ORIGIN,
      countryIpHeader: env.COUNTRY_IP_HEADER,
      defaultCountryIso: env.DEFAULT_COUNTRY,
    },
  });
  // Searches are counted per visitor address first, cached or not (before the fast path below).
  const searchLimit = createSearchLimit({
    limit: env.SEARCH_LIMIT,
    limits: rateLimits,
  }) as RouteHook;
  addOperationHooks(app, handlers, {
    listTours: searchLimit,
    listTourMapPoints: searchLimit,
    getToursPage: searchLimit,
    getToursFilterCompletion: searchLimit,
    searchCities: searchLimit,
  });
  if (responseCache.enabled) {
    const answerFromCache = cachedAnswers.onRequest as RouteHook;
    addOperationHooks(app, handlers, {
      listTours: answerFromCache,
      listTourMapPoints: answerFromCache,
      getToursPage: answerFromCache,
    });
  }
  // Before glue checks the contract: the OpenAPI schema precompiled by the build (decision 076).
  app.register(async () => {
    await usePrecompiledContractValidator(new URL('./', import.meta.url));
  });
  app.register(openapiGlue, {
    specification: options.contract ?? loadContract(),
    operationResolver: resolveOperations(app, handlers),
  });
  registerOperationsRoutes(app, {
    lifecycle,
    database: options.database,
    outage,
    ...(searchIndex ? { searchIndexWarmed: () => searchIndex.warmed() } : {}),
  });
  if (env.DEV_OUTBOX === 'on' && env.NODE_ENV === 'production') {
    // It lists every sign-in code and link: never served in production (docs/security.md).
    app.log.warn('DEV_OUTBOX=on is ignored with NODE_ENV=production: /dev/outbox is not served');
  } else if (env.DEV_OUTBOX === 'on') {
    // The page stands in for the messengers whose webhook is served (decision 068).
    registerDevOutboxRoute(app, {
      db: options.database.db,
      bots: { deps: botDeps, sources: Object.keys(bots) as BotSource[] },
    });
    // "The tour has ended" for one booking, for browser tests (never in production).
    registerDevTourEndRoute(app, {
      db: options.database.db,
      devOutbox: env.DEV_OUTBOX,
      nodeEnv: env.NODE_ENV,
      job: {
        holdHours: env.BOOKING_HOLD_HOURS,
        publicUrl: env.PUBLIC_URL ?? env.WEB_ORIGIN,
        payments: bookingPayments(options.database.db),
      },
    });
  }

  {
    const log = app.log.child({ module: 'bookings' });
    let stop: (() => Promise<void>) | undefined;
    app.addHook('onReady', async () => {
      stop = startBookingExpiry(options.database.db, {
        holdHours: env.BOOKING_HOLD_HOURS,
        publicUrl: env.PUBLIC_URL ?? env.WEB_ORIGIN,
        payments: bookingPayments(options.database.db),
        onError: jobError(log, 'bookings', 'bookings: the booking job failed'),
      });
    });
    app.addHook('onClose', async () => stop?.());
  }

  {
    // Dated offers end on their day: the date sells at its full price again.
    const log = app.log.child({ module: 'catalog' });
    let stop: (() => Promise<void>) | undefined;
    app.addHook('onReady', async () => {
      stop = startDiscountExpiry(options.database.db, {
        onEnded: (dates) => log.info({ dates }, 'catalog: ended offers whose last day passed'),
        onError: jobError(log, 'catalog', 'catalog: ending passed offers failed'),
      });
    });
    app.addHook('onClose', async () => stop?.());
  }

  {
    // Abandoned review photos, old programme PDFs, removed chat files and crash leftovers
    // (decisions 031, 173).
    const log = app.log.child({ module: 'uploads' });
    let stop: (() => Promise<void>) | undefined;
    app.addHook('onReady', async () => {
      stop = startUploadPurge(options.database.db, uploadStore, {
        onPurged: (result) => {
          if (result.reviewPhotos + result.programPdfs + result.tempFiles + result.chatFiles > 0) {
            log.info(result, 'uploads: removed files nobody uses');
          }
        },
        onError: jobError(log, 'uploads', 'uploads: removing unused files failed'),
      });
    });
    app.addHook('onClose', async () => stop?.());
  }

  {
    // Followers hear about a tour's new dates (decision 058).
    const log = app.log.child({ module: 'followers' });
    let stop: (() => Promise<void>) | undefined;
    app.addHook('onReady', async () => {
      stop = startFollowerNotices(options.database.db, {
        publicUrl: env.PUBLIC_URL ?? env.WEB_ORIGIN,
        secret: internalSecrets.follower(),
        onError: jobError(log, 'followers', 'followers: sending new-date notices failed'),
      });
    });
    app.addHook('onClose', async () => stop?.());
  }

  {
    // System messages written in booking transactions reach the open chats after commit.
    const log = app.log.child({ module: 'chat' });
    let stop: (() => Promise<void>) | undefined;
    app.addHook('onReady', async () => {
      stop = startSystemMessageAnnouncer(options.database.db, chatSocket.realtime, {
        onError: jobError(log, 'chat', 'chat: announcing system messages failed'),
      });
    });
    app.addHook('onClose', async () => stop?.());
  }

  {
    // Attachments a stopped process left pending get processed (decision 101).
    const log = app.log.child({ module: 'chat' });
    let stop: (() => Promise<void>) | undefined;
    app.addHook('onReady', async () => {
      stop = startAttachmentSweep(options.database.db, uploadStore, chatSocket.realtime, {
        onError: jobError(log, 'chat', 'chat: processing attachments failed'),
      });
    });
    app.addHook('onClose', async () => stop?.());
  }

  if (env.OUTBOX_TRANSPORT === 'log') {
    const log = app.log.child({ module: 'outbox' });
    let stop: (() => Promise<void>) | undefined;
    app.addHook('onReady', async () => {
      stop = startOutboxDispatcher(options.database.db, outboxTransport(env, log), {
        log,
        onError: jobError(log, 'outbox', 'outbox: a dispatch round failed'),
      });
    });
    app.addHook('onClose', async () => stop?.());
  }

  return app;
}
