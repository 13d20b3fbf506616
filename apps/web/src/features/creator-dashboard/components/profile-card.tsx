import {
  Avatar,
  Box,
  Button,
  Card,
  CardContent,
  Divider,
  Link,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import EditOutlined from '@mui/icons-material/EditOutlined';
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import LanguageOutlined from '@mui/icons-material/LanguageOutlined';
import Instagram from '@mui/icons-material/Instagram';
import YouTube from '@mui/icons-material/YouTube';
import { CREATOR_MESSAGES, type CreatorProfile, type CreatorStats } from '@app/domain';
import type { ReactNode } from 'react';

interface ProfileCardProps {
  profile: CreatorProfile;
  stats: CreatorStats | undefined;
  onEdit: () => void;
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
}

function ContactLine({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ alignItems: 'flex-start', color: 'text.secondary', minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', pt: '2px', '& svg': { fontSize: 18 } }}>{icon}</Box>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Stack>
  );
}

/** Absolute URL for a stored link ('example.com' → 'https://example.com'). */
function href(url: string): string {
  return /^https?:\/\//i.test(url) ? url : `https://${url}`;
}

/** Spec §2 profile card: avatar, name, bio, contact, shipping address, links, counts, Edit Profile. */
export function ProfileCard({ profile, stats, onEdit }: ProfileCardProps) {
  const p = profile.profile;
  const name = profile.full_name || CREATOR_MESSAGES.anonymous;
  const address = [
    p.shipping_address_line1,
    p.shipping_address_line2,
    [p.shipping_city, p.shipping_state, p.shipping_postal_code].filter(Boolean).join(', '),
    p.shipping_country,
  ].filter(Boolean);
  const links = [
    { label: 'Website', url: p.website || p.portfolio_url, icon: <LanguageOutlined /> },
    { label: 'Instagram', url: p.instagram_url, icon: <Instagram /> },
    { label: 'YouTube', url: p.youtube_url, icon: <YouTube /> },
  ].filter((link) => link.url);
  const counts = [
    { label: 'Submissions', value: stats?.total_submissions },
    { label: 'Contests Won', value: stats?.contests_won },
    { label: 'Videos', value: stats?.total_videos },
  ];

  return (
    <Card component="section" aria-label="Profile">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
          <Avatar
            src={p.profilePicture || undefined}
            alt={profile.full_name || undefined}
            sx={{
              width: 96,
              height: 96,
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
              fontSize: 32,
            }}
          >
            {initials(profile.full_name) || undefined}
          </Avatar>
          <Box sx={{ minWidth: 0, width: '100%' }}>
            <Typography component="h2" variant="h3" sx={{ overflowWrap: 'anywhere' }}>
              {name}
            </Typography>
            <Typography
              variant="body2"
              sx={{ color: 'text.secondary', mt: 1, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
            >
              {p.bio || CREATOR_MESSAGES.noBio}
            </Typography>
          </Box>
          <Button variant="outlined" startIcon={<EditOutlined />} onClick={onEdit}>
            Edit Profile
          </Button>
        </Stack>

        <Stack direction="row" sx={{ mt: 3, justifyContent: 'space-around', textAlign: 'center' }}>
          {counts.map((count) => (
            <Box key={count.label}>
              <Typography variant="h4" component="p">
                {count.value ?? <Skeleton width={24} sx={{ mx: 'auto' }} />}
              </Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {count.label}
              </Typography>
            </Box>
          ))}
        </Stack>

        <Divider sx={{ my: 3 }} />
        <Stack spacing={1.5}>
          <Typography variant="overline" sx={{ color: 'text.secondary' }}>
            Contact
          </Typography>
          <ContactLine icon={<EmailOutlined />}>{profile.email}</ContactLine>
          {profile.pending_email && (
            <Typography variant="caption" sx={{ color: 'warning.main' }}>
              Waiting for confirmation: {profile.pending_email}
            </Typography>
          )}
          {profile.phone_number && <ContactLine icon={<PhoneOutlined />}>{profile.phone_number}</ContactLine>}
          {address.length > 0 && (
            <ContactLine icon={<LocalShippingOutlined />}>
              {address.map((line) => (
                <Box component="span" key={line} sx={{ display: 'block' }}>
                  {line}
                </Box>
              ))}
            </ContactLine>
          )}
          {links.length > 0 && (
            <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 2, pt: 1 }}>
              {links.map((link) => (
                <Link
                  key={link.label}
                  href={href(link.url)}
                  target="_blank"
                  rel="noopener noreferrer"
                  sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, minHeight: 44 }}
                >
                  {link.icon}
                  {link.label}
                </Link>
              ))}
            </Stack>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

export function ProfileCardSkeleton() {
  return (
    <Card aria-busy="true" aria-label="Loading profile">
      <CardContent sx={{ p: 3 }}>
        <Stack spacing={2} sx={{ alignItems: 'center' }}>
          <Skeleton variant="circular" width={96} height={96} />
          <Skeleton width="60%" height={32} />
          <Skeleton width="80%" />
          <Skeleton variant="rounded" width={140} height={44} />
        </Stack>
        <Skeleton variant="rounded" height={56} sx={{ mt: 3 }} />
        <Skeleton height={24} sx={{ mt: 3 }} />
        <Skeleton height={24} />
      </CardContent>
    </Card>
  );
}
