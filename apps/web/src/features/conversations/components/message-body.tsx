import { Link } from '@mui/material';
import { linkify } from '../lib/linkify';

/** A message's text with its http(s) addresses as links that open in a new tab. */
export function MessageBody({ body }: { body: string }) {
  return (
    <>
      {linkify(body).map((part, index) =>
        part.href ? (
          <Link
            key={index}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer"
            sx={{ overflowWrap: 'anywhere' }}
          >
            {part.text}
          </Link>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}
