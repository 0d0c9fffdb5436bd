import { POINTS_PER_AI_REQUEST, readModels, topics, type ChargeMethod, type CouponKind, type DomainEventOf } from '@vis/domain';
import type { ReadModelMeta } from '@vis/infrastructure';
import { defineProjection, type ReadModel } from '../../engine/define-projection.ts';
import { hourOf, hourOfId, increment } from '../hourly.ts';

/**
 * For operators: what was spent and given per UTC hour. AI requests charged and refunded by how they were paid
 * (`point`, `free_play`, `own_key`, `subscription`), the points they took net of refunds, points granted
 * (subscription invoices, operators), and coupons redeemed by code: codes are the operators' own, and no
 * account is named here.
 */
export interface CouponUse {
  kind: CouponKind;
  redemptions: number;
  points: number;
}

export type SpendingDocument = ReadModelMeta & {
  /** The hour: `YYYY-MM-DDTHH` (UTC). */
  _id: string;
  /** The hour's start, ISO. */
  hour: string;
  charged: Partial<Record<ChargeMethod, number>>;
  refunded: Partial<Record<ChargeMethod, number>>;
  /** Points AI requests took, less the points refunded. */
  pointsSpent: number;
  pointsGranted: number;
  /** By normalized code ([A-Z0-9_-]). */
  coupons: Partial<Record<string, CouponUse>>;
};

const HANDLED = ['AiRequestCharged', 'AiRequestRefunded', 'PointsGranted', 'CouponRedeemed'] as const;
type Handled = DomainEventOf<(typeof HANDLED)[number]>;

const momentOf = (event: Handled) => {
  switch (event.type) {
    case 'AiRequestCharged':
      return event.data.chargedAt;
    case 'AiRequestRefunded':
      return event.data.refundedAt;
    case 'PointsGranted':
      return event.data.grantedAt;
    case 'CouponRedeemed':
      return event.data.redeemedAt;
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
};

/** A request paid with points took POINTS_PER_AI_REQUEST of them; the other methods take none. */
const pointsOf = (method: ChargeMethod) => (method === 'point' ? POINTS_PER_AI_REQUEST : 0);

export const emptySpending = (id: string): ReadModel<SpendingDocument> => ({
  _id: id,
  hour: hourOfId(id),
  charged: {},
  refunded: {},
  pointsSpent: 0,
  pointsGranted: 0,
  coupons: {},
});

export const spendingProjection = defineProjection<Handled, SpendingDocument>({
  name: readModels.spending,
  version: 1,
  handles: HANDLED,
  documentId: (event) => hourOf(momentOf(event))?.id ?? null,
  topics: () => [topics.spending],
  indexes: [{ key: { hour: 1 } }],
  evolve: (doc, event) => {
    const current = doc ?? emptySpending(hourOf(momentOf(event))!.id);
    switch (event.type) {
      case 'AiRequestCharged':
        return {
          ...current,
          charged: increment(current.charged, event.data.method),
          pointsSpent: current.pointsSpent + pointsOf(event.data.method),
        };
      case 'AiRequestRefunded':
        return {
          ...current,
          refunded: increment(current.refunded, event.data.method),
          pointsSpent: current.pointsSpent - pointsOf(event.data.method),
        };
      case 'PointsGranted':
        return { ...current, pointsGranted: current.pointsGranted + event.data.points };
      case 'CouponRedeemed': {
        const { code, kind, points } = event.data;
        const use = current.coupons[code] ?? { kind, redemptions: 0, points: 0 };
        return { ...current, coupons: { ...current.coupons, [code]: { kind, redemptions: use.redemptions + 1, points: use.points + points } } };
      }
      default: {
        const unhandled: never = event;
        return unhandled;
      }
    }
  },
});
