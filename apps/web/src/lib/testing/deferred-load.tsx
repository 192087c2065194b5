/** A part for lazy-loading tests: it greets `name`. */
export function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

/** A module load of {@link Greeting} the test finishes by hand, counting its calls. */
export function deferredLoad() {
  let finish: () => void = () => undefined;
  const loaded = new Promise<typeof Greeting>((resolve) => (finish = () => resolve(Greeting)));
  let calls = 0;
  const load = () => {
    calls += 1;
    return loaded;
  };
  return { load, finish: () => finish(), calls: () => calls };
}
