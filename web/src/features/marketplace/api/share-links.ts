import type { CommandResponse, CreateShareLinkResponse, ShareLinksResponse } from '@vis/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

const linksPath = (projectId: string) => `/api/projects/${encodeURIComponent(projectId)}/share-links`;

/** The project's live private links, for its owner (issue 26). */
export const shareLinksQueryOptions = (projectId: string) =>
  queryOptions({ queryKey: ['projects', projectId, 'share-links'], queryFn: () => api.get<ShareLinksResponse>(linksPath(projectId)) });

export const useShareLinks = (projectId: string, enabled: boolean) => useQuery({ ...shareLinksQueryOptions(projectId), enabled });

export const createShareLink = (projectId: string) => api.post<CreateShareLinkResponse>(linksPath(projectId));

export const revokeShareLink = (projectId: string, linkId: string) =>
  api.delete<CommandResponse>(`${linksPath(projectId)}/${encodeURIComponent(linkId)}`);

/** The page a link opens: read-only, for whoever holds it. */
export const sharedPageUrl = (projectId: string, token: string) =>
  `${window.location.origin}/shared/${encodeURIComponent(projectId)}/${encodeURIComponent(token)}`;
