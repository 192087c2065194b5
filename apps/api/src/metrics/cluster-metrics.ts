/**
 * One scrape for a whole cluster (API_WORKERS, decision 170). The primary's listener asks every
 * worker that listens for its metrics over the cluster's IPC channel and merges the answers with
 * prom-client's `AggregatorRegistry.aggregate` (requests, refusals and pools summed; the outage
 * gauge the worst), plus the gauges of the whole database, which it reads itself, once.
 *
 * Not `AggregatorRegistry.clusterMetrics()`: it asks every connected worker, including one still
 * loading its modules, which cannot answer yet, and one that is exiting, and fails the scrape
 * after 5 s for either. Here a worker that has not listened has served nothing and is not asked,
 * and one that exits mid-scrape is not waited for.
 */
import cluster, { type Worker } from 'node:cluster';
import {
  AggregatorRegistry,
  Gauge,
  type MetricObjectWithValues,
  type MetricValue,
  type Registry,
} from 'prom-client';
import { MetricsUnavailable, type MetricsAnswer } from './listener.ts';

type WorkerMetrics = MetricObjectWithValues<MetricValue<string>>[];

const MONOTONIC_TYPES = new Set(['counter', 'histogram']);
const REQUEST = 'gallop:metrics-request';
const ANSWER = 'gallop:metrics-answer';

/** A worker blocked this long is an incident of its own: the scrape fails rather than lie. */
const WORKER_ANSWER_TIMEOUT_MS = 5_000;

interface MetricsRequest {
  type: typeof REQUEST;
  id: number;
}
interface MetricsReply {
  type: typeof ANSWER;
  id: number;
  metrics: WorkerMetrics;
}

function isReply(message: unknown, id: number): message is MetricsReply {
  const reply = message as Partial<MetricsReply> | null;
  return reply?.type === ANSWER && reply.id === id;
}

/** In a worker: answers the primary's requests with this registry's metrics. */
export function answerPrimaryWithMetrics(registry: Registry): void {
  process.on('message', (message: Partial<MetricsRequest> | null) => {
    if (message?.type !== REQUEST) return;
    const { id } = message;
    void registry.getMetricsAsJSON().then((metrics) => {
      // The channel may be closing (the worker is stopping): the primary stops waiting for it.
      if (process.connected) process.send?.({ type: ANSWER, id, metrics }, undefined, {}, () => {});
    });
  });
}

/**
 * Counters and histograms only grow; a worker that exits takes its counts with it, and their sum
 * would drop (read by Prometheus as a reset, and `rate()` would count the other workers' whole
 * totals as new). Its last answered counts are kept and added to every later scrape.
 */
function monotonicPart(metrics: WorkerMetrics): WorkerMetrics {
  // The JSON says `counter`; prom-client's types declare a numeric enum it does not use.
  return metrics.filter((metric) => MONOTONIC_TYPES.has(String(metric.type)));
}

/** In the primary: collects a scrape of every listening worker plus `own` (the database gauges). */
export function clusterMetricsCollector(
  own: Registry,
  { timeoutMs = WORKER_ANSWER_TIMEOUT_MS }: { timeoutMs?: number } = {},
): () => Promise<MetricsAnswer> {
  const listening = new Set<Worker>();
  const lastAnswers = new Map<Worker, WorkerMetrics>();
  let retired: WorkerMetrics[] = [];
  let nextId = 0;

  cluster.on('listening', (worker) => listening.add(worker));
  new Gauge({
    name: 'gallop_api_workers_listening',
    help: 'API workers serving the public port',
    registers: [own],
    collect() {
      this.set(listening.size);
    },
  });
  cluster.on('exit', (worker) => {
    listening.delete(worker);
    const last = lastAnswers.get(worker);
    lastAnswers.delete(worker);
    if (last) retired.push(monotonicPart(last));
  });

  function askWorkers(): Promise<Map<Worker, WorkerMetrics>> {
    const id = (nextId += 1);
    const waiting = new Set(listening);
    const answers = new Map<Worker, WorkerMetrics>();
    return new Promise((resolve, reject) => {
      const finish = () => {
        if (waiting.size > 0) return;
        cleanUp();
        resolve(answers);
      };
      const onMessage = (worker: Worker, message: unknown) => {
        if (!isReply(message, id) || !waiting.delete(worker)) return;
        answers.set(worker, message.metrics);
        finish();
      };
      const onExit = (worker: Worker) => {
        if (waiting.delete(worker)) finish();
      };
      const timer = setTimeout(() => {
        cleanUp();
        reject(
          new MetricsUnavailable(`${waiting.size} API worker(s) did not answer in ${timeoutMs} ms`),
        );
      }, timeoutMs);
      const cleanUp = () => {
        clearTimeout(timer);
        cluster.off('message', onMessage);
        cluster.off('exit', onExit);
      };
      cluster.on('message', onMessage);
      cluster.on('exit', onExit);
      const request: MetricsRequest = { type: REQUEST, id };
      for (const worker of waiting) {
        worker.send(request, (error: Error | null) => {
          if (error) onExit(worker);
        });
      }
      finish();
    });
  }

  async function collect(): Promise<MetricsAnswer> {
    const [answers, ownMetrics] = await Promise.all([askWorkers(), own.getMetricsAsJSON()]);
    // A worker that exited since it answered counts through `retired` (its previous answer),
    // not twice.
    const live: WorkerMetrics[] = [];
    for (const [worker, metrics] of answers) {
      if (!listening.has(worker)) continue;
      lastAnswers.set(worker, metrics);
      live.push(metrics);
    }
    // The retired workers' counts fold into one list, so they cost the same however many died
    // (a worker exiting meanwhile is appended after the folded ones).
    if (retired.length > 1) {
      const folding = retired.length;
      const folded = await AggregatorRegistry.aggregate(
        retired.slice(0, folding),
      ).getMetricsAsJSON();
      retired = [monotonicPart(folded), ...retired.slice(folding)];
    }
    const merged = AggregatorRegistry.aggregate([...live, ...retired, ownMetrics]);
    return { contentType: merged.contentType, body: await merged.metrics() };
  }

  // Scrapes at the same moment (two Prometheus servers) share one round of questions.
  let collecting: Promise<MetricsAnswer> | undefined;
  return () =>
    (collecting ??= collect().finally(() => {
      collecting = undefined;
    }));
}
