import { MESSAGES } from '@app/domain';
import { AppError } from '../../lib/errors';

export const notFound = () => new AppError('not_found', MESSAGES.generic.notFound);
export const forbidden = (detail: string = MESSAGES.generic.forbidden) => new AppError('forbidden', detail);
