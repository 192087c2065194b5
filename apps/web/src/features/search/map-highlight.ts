import { atom, useAtomValue, useSetAtom } from 'jotai';

/** The tour a card or a map marker points at (hover or focus): both show it highlighted. */
const highlightedTourAtom = atom<number | undefined>(undefined);

export const useHighlightedTour = () => useAtomValue(highlightedTourAtom);
export const useHighlightTour = () => useSetAtom(highlightedTourAtom);
