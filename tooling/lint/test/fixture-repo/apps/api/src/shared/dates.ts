export const todayIso = () => '2026-01-01';
