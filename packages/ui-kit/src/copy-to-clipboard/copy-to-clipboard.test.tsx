import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COPIED_FLAG_DURATION, CopyToClipboard } from './copy-to-clipboard';

afterEach(() => {
  vi.useRealTimers();
});

describe('CopyToClipboard', () => {
  it("copies the text and says 'Copied' for 1500 ms", async () => {
    vi.useFakeTimers();
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue({ writeText } as unknown as Clipboard);
    const onCopy = vi.fn();
    render(<CopyToClipboard text="GLP-10452" onCopy={onCopy} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    });
    expect(writeText).toHaveBeenCalledWith('GLP-10452');
    expect(onCopy).toHaveBeenCalledWith('GLP-10452');
    expect(screen.getByRole('button')).toHaveTextContent('Copied');
    expect(COPIED_FLAG_DURATION).toBe(1500);
    act(() => {
      vi.advanceTimersByTime(COPIED_FLAG_DURATION - 1);
    });
    expect(screen.getByRole('button')).toHaveTextContent('Copied');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByRole('button')).toHaveTextContent('Copy');
  });

  it('reports a refused clipboard and does not claim success', async () => {
    const error = new Error('denied');
    vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue({
      writeText: vi.fn().mockRejectedValue(error),
    } as unknown as Clipboard);
    const onError = vi.fn();
    render(<CopyToClipboard text="x" onError={onError} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    });
    expect(onError).toHaveBeenCalledWith(error);
    expect(screen.getByRole('button')).toHaveTextContent('Copy');
  });
});
