import { describe, expect, it, vi } from 'vitest';
import { readRuntimeConfig, runtimeConnectSources, runtimeUrlProblem } from './runtime-config';
import { runtimeConfigMeta } from './runtime-config-meta';

/** A page at https://www.gallop.example whose head holds `content` in the runtime meta. */
function page(content?: string) {
  const doc = document.implementation.createHTMLDocument('page');
  if (content !== undefined) {
    const meta = doc.createElement('meta');
    meta.name = 'gallop-runtime-config';
    meta.content = content;
    doc.head.append(meta);
  }
  return {
    querySelector: doc.querySelector.bind(doc),
    location: { origin: 'https://www.gallop.example' } as Location,
  };
}

describe('readRuntimeConfig', () => {
  it('defaults both URLs to the page’s origin', () => {
    expect(readRuntimeConfig(page())).toEqual({
      apiBaseUrl: 'https://www.gallop.example',
      socketUrl: 'https://www.gallop.example',
    });
  });

  it('takes the values the server wrote into the page', () => {
    const config = readRuntimeConfig(
      page(
        '{"apiBaseUrl":"https://edge.gallop.example/app/","socketUrl":"wss://rt.gallop.example"}',
      ),
    );
    expect(config).toEqual({
      apiBaseUrl: 'https://edge.gallop.example/app',
      socketUrl: 'wss://rt.gallop.example',
    });
  });

  it('logs a value it cannot use and falls back to the origin', () => {
    const warn = vi.fn();
    const config = readRuntimeConfig(
      page('{"apiBaseUrl":"javascript:alert(1)","socketUrl":"wss://rt.gallop.example/chat"}'),
      warn,
    );
    expect(config).toEqual({
      apiBaseUrl: 'https://www.gallop.example',
      socketUrl: 'https://www.gallop.example',
    });
    expect(warn).toHaveBeenCalledTimes(2);
    expect(readRuntimeConfig(page('{not json'), warn).apiBaseUrl).toBe(
      'https://www.gallop.example',
    );
    expect(warn).toHaveBeenCalledTimes(3);
  });
});

describe('runtimeConfigMeta and runtimeConnectSources', () => {
  it('write nothing and allow nothing more when nothing is configured', () => {
    expect(runtimeConfigMeta({})).toBeUndefined();
    expect(runtimeConnectSources({})).toEqual([]);
  });

  it('allow the API origin and the socket in both its forms', () => {
    const site = {
      runtime: {
        apiBaseUrl: 'https://edge.gallop.example/app',
        socketUrl: 'wss://rt.gallop.example',
      },
    };
    expect(runtimeConnectSources(site)).toEqual([
      'https://edge.gallop.example',
      'https://rt.gallop.example',
      'wss://rt.gallop.example',
    ]);
    expect(runtimeConfigMeta(site)).toEqual({
      name: 'gallop-runtime-config',
      content:
        '{"apiBaseUrl":"https://edge.gallop.example/app","socketUrl":"wss://rt.gallop.example"}',
    });
  });
});

describe('runtimeUrlProblem', () => {
  it('accepts http(s) bases, and socket origins without a path', () => {
    expect(runtimeUrlProblem('https://edge.gallop.example/app', 'api')).toBeUndefined();
    expect(runtimeUrlProblem('ws://127.0.0.1:4000', 'socket')).toBeUndefined();
    expect(runtimeUrlProblem('wss://rt.gallop.example', 'api')).toBeDefined();
    expect(runtimeUrlProblem('https://rt.gallop.example/x', 'socket')).toBeDefined();
    expect(runtimeUrlProblem('/relative', 'api')).toBeDefined();
  });
});
