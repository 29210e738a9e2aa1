// A private image that failed on an expired access token is asked for once more, after the refresh.
import { afterEach, describe, expect, it } from 'vitest';
import { IMAGE_RETRY_PARAM, installImageSessionRetry } from './imageSession';

let uninstall: (() => void) | undefined;
afterEach(() => {
  uninstall?.();
  document.body.innerHTML = '';
});

function brokenImage(src: string): HTMLImageElement {
  const img = document.createElement('img');
  img.setAttribute('src', src);
  document.body.append(img);
  img.dispatchEvent(new Event('error'));
  return img;
}

/** A fetch answering `status`; resolves `asked` with each request. */
function fakeFetch(status: number) {
  const asked: { url: string; method?: string }[] = [];
  let settle: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (settle = resolve));
  const fetcher: typeof fetch = (input, init) => {
    asked.push({ url: String(input), method: init?.method });
    settle();
    return Promise.resolve(new Response(null, { status }));
  };
  return { asked, done, fetcher };
}

const tick = () => new Promise<void>((resolve) => queueMicrotask(resolve));

describe('installImageSessionRetry', () => {
  it('asks once more for a private file and points the image at it again', async () => {
    const fake = fakeFetch(200);
    uninstall = installImageSessionRetry(document, fake.fetcher, '/v1');
    const img = brokenImage('/v1/misc/static/u1%2Fcover.png');
    await fake.done;
    await tick();
    expect(fake.asked).toEqual([{ url: `${location.origin}/v1/misc/static/u1%2Fcover.png`, method: 'HEAD' }]);
    expect(img.getAttribute('src')).toBe(`/v1/misc/static/u1%2Fcover.png?${IMAGE_RETRY_PARAM}=1`);

    // a second failure of the retried image is final
    img.dispatchEvent(new Event('error'));
    await tick();
    expect(fake.asked).toHaveLength(1);
  });

  it('leaves a file that is really gone, and images of other sites or outside the API', async () => {
    const fake = fakeFetch(404);
    uninstall = installImageSessionRetry(document, fake.fetcher, '/v1');
    const gone = brokenImage('/v1/misc/static/u1%2Fgone.png');
    await fake.done;
    await tick();
    expect(gone.getAttribute('src')).toBe('/v1/misc/static/u1%2Fgone.png');
    brokenImage('https://elsewhere.example/v1/x.png');
    brokenImage('/assets/logo.png');
    await tick();
    expect(fake.asked).toHaveLength(1);
  });
});
