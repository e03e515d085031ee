import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadingStore, useComponentLoading, useGlobalLoading, withGlobalLoading } from './loading-store';

afterEach(() => loadingStore.reset());

describe('loading store', () => {
  it('has a global flag and per-component flags', async () => {
    const global = renderHook(() => useGlobalLoading());
    const upload = renderHook(() => useComponentLoading('upload'));
    expect(global.result.current).toBe(false);
    act(() => loadingStore.setComponent('upload', true));
    expect(upload.result.current).toBe(true);
    expect(global.result.current).toBe(false);

    let release!: () => void;
    let done!: Promise<void>;
    act(() => {
      done = withGlobalLoading(() => new Promise<void>((r) => (release = r)));
    });
    expect(global.result.current).toBe(true);
    await act(async () => {
      release();
      await done;
    });
    expect(global.result.current).toBe(false);
  });
});
