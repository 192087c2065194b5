import type { ServiceHandlers } from '#src/contract.ts';
import type { Database } from '#src/db/client.ts';
import { requireSigned } from '#src/modules/sessions/index.ts';
import { todayIso } from '#src/shared/dates.ts';
import type { RatesCache } from '#src/shared/money/rates.ts';
import { DEFAULT_UPLOADS_DIR, UploadStore } from '#src/modules/uploads/index.ts';
import { requestCardContext } from './card-context.ts';
import { loadTourPrivateData, privateVariants, tourForStaff } from './private.ts';
import { generateProgramPdf, recentProgramPdf, toPdf } from './program-pdf.ts';

export interface PrivateTourDeps {
  db: Database;
  rates: RatesCache;
  uploadsDir?: string | undefined;
}

/** The private side of a tour: the user's data on it, all variants, the private PDF. */
export function privateTourHandlers(
  deps: PrivateTourDeps,
): Pick<
  ServiceHandlers,
  | 'getTourPrivateData'
  | 'getTourPrivateVariantsData'
  | 'getPrivateTourProgramPdf'
  | 'generatePrivateTourProgramPdf'
> {
  const { db, rates } = deps;
  const store = new UploadStore(deps.uploadsDir ?? DEFAULT_UPLOADS_DIR);

  return {
    async getTourPrivateData(request) {
      const { user } = await requireSigned(db, request);
      const { id, request_id } = request.query;
      return loadTourPrivateData(db, user, id, { requestId: request_id });
    },

    async getTourPrivateVariantsData(request) {
      const { tour } = await tourForStaff(db, request, request.query.id);
      const context = await requestCardContext(request, rates, false);
      return { tour_id: tour.id, variants: await privateVariants(db, tour, context) };
    },

    async getPrivateTourProgramPdf(request) {
      const { user, tour } = await tourForStaff(db, request, request.query.id);
      const recent = await recentProgramPdf(db, tour.id);
      if (recent) return toPdf(recent);
      const today = todayIso();
      const row = await generateProgramPdf(db, store, {
        tour,
        individual: false,
        today,
        userId: user.id,
        ip: request.ip,
      });
      return toPdf(row);
    },

    async generatePrivateTourProgramPdf(request) {
      const { user, tour } = await tourForStaff(db, request, request.query.id);
      const today = todayIso();
      const row = await generateProgramPdf(db, store, {
        tour,
        individual: request.query.is_individual === 1,
        today,
        userId: user.id,
        ip: request.ip,
      });
      return toPdf(row);
    },
  };
}
