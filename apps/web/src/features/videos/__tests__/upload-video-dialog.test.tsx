import { cleanup, screen } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIMITS, MESSAGES } from '@app/domain';
import { renderWithProviders } from '../../../testing/render';
import { UploadVideoDialog } from '../components/upload-video-dialog';

function renderDialog() {
  const onClose = vi.fn();
  renderWithProviders(<UploadVideoDialog open onClose={onClose} />);
  return { onClose, user: userEventLib.setup({ applyAccept: false }) };
}

describe('UploadVideoDialog', { timeout: 30_000 }, () => {
  afterEach(cleanup);

  it('prefills the title from the file name and checks the file before sending', async () => {
    const { user } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.upload.noFile);

    await user.upload(
      screen.getByLabelText('Video file'),
      new File(['x'], 'Golden hour.final.mov', { type: 'video/quicktime' }),
    );
    expect(screen.getByLabelText(/Title/)).toHaveValue('Golden hour.final');
    expect(screen.queryByRole('alert')).toBeNull();

    await user.clear(screen.getByLabelText(/Title/));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.upload.noTitle);

    await user.upload(
      screen.getByLabelText('Video file'),
      new File(['x'], 'notes.txt', { type: 'text/plain' }),
    );
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.upload.invalidType);
  });

  it('refuses files over 500 MB before sending', async () => {
    const { user } = renderDialog();
    const big = new File(['x'], 'big.mp4', { type: 'video/mp4' });
    Object.defineProperty(big, 'size', { value: LIMITS.maxVideoBytes + 1 });
    await user.upload(screen.getByLabelText('Video file'), big);
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.upload.tooLarge);
  });

  it('can be closed while idle', async () => {
    const { user, onClose } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
  });
});
