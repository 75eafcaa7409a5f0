import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderRoutes } from '../test/render';
import { isChunkLoadError } from '../lib/chunk-error';
import { RouteError } from './route-error';

function failingRoute(error: unknown) {
  return [
    {
      path: '/',
      HydrateFallback: () => null,
      errorElement: <RouteError />,
      lazy: async () => {
        throw error;
      },
    },
  ];
}

describe('route errors', () => {
  it('a lazy page whose chunk is gone shows the "new version — reload" prompt', async () => {
    renderRoutes(
      failingRoute(
        new TypeError('Failed to fetch dynamically imported module: https://shop.example/assets/goods-1a2b.js'),
      ),
    );
    expect(await screen.findByRole('heading', { name: 'A new version is available' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });

  it('any other error shows the generic error state, not the reload prompt', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined); // dev builds log it
    renderRoutes(failingRoute(new Error('undefined is not a function')));
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'A new version is available' })).not.toBeInTheDocument();
    expect(logged).toHaveBeenCalled();
  });

  it('recognises every browser and bundler wording of a failed chunk', () => {
    expect(isChunkLoadError(Object.assign(new Error('Loading chunk 42 failed.'), { name: 'ChunkLoadError' }))).toBe(
      true,
    );
    expect(isChunkLoadError(Object.assign(new Error('x'), { code: 'CSS_CHUNK_LOAD_FAILED' }))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/home-1.css'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(Object.assign(new Event('vite:preloadError'), { payload: new Error('x') }))).toBe(true);
    expect(isChunkLoadError(new Error('Network request failed'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });
});
