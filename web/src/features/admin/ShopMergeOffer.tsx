// Merging a shop a rep made in the field into the imported shop it duplicates, asked once: offered where the pair is
// seen, on the import's result, in the log's import run, and on the field shop's page for a beheerder, until it is done.
import { useState } from 'react';
import type { ImportRow, ShopMergeResult } from '@prospectie/contract';
import { nlAdmin } from '../../i18n/nlAdmin';
import { useMergeShop } from './importApi';
import { ConfirmDialog, useLastShown } from './parts';

const t = nlAdmin.imports;

/** The field shop and the imported shop it may be a duplicate of. */
export interface MergePair {
  fromId: number;
  fromName: string;
  intoId: number;
  intoName: string;
  intoNumber: string;
}

/** The pair an import row offers: its field shop (mergeCandidate) and the shop the row made or changed; null if none. */
export function mergePairOf(row: ImportRow): MergePair | null {
  if (!row.mergeCandidate || row.shopId === undefined) return null;
  return {
    fromId: row.mergeCandidate.shopId,
    fromName: row.mergeCandidate.name,
    intoId: row.shopId,
    intoName: row.name ?? '',
    intoNumber: row.externalNumber ?? '',
  };
}

/** `offer(pair)` asks the beheerder to confirm; `dialog` is the question, to render once. */
export function useShopMergeOffer(onMerged: (pair: MergePair, result: ShopMergeResult) => void) {
  const merge = useMergeShop();
  const [asking, setAsking] = useState<MergePair | null>(null);
  const shown = useLastShown(asking);
  const offer = (pair: MergePair) => {
    merge.reset();
    setAsking(pair);
  };
  const confirm = () => {
    const pair = asking;
    if (!pair) return;
    merge.mutate(
      { id: pair.fromId, intoId: pair.intoId },
      {
        onSuccess: (result) => {
          setAsking(null);
          onMerged(pair, result);
        },
      },
    );
  };
  const dialog = (
    <ConfirmDialog
      show={asking !== null}
      title={t.mergeTitle}
      confirmLabel={t.merge}
      variant="primary"
      pending={merge.isPending}
      error={merge.error}
      onConfirm={confirm}
      onCancel={() => setAsking(null)}
    >
      {shown && <p className="mb-0">{t.mergeText(shown.fromName, shown.intoName, shown.intoNumber)}</p>}
    </ConfirmDialog>
  );
  return { offer, dialog };
}
