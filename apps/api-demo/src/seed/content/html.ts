/** Small HTML builders for the seeded texts (the content is trusted, written in this folder). */
export const p = (...paragraphs: string[]) => paragraphs.map((text) => `<p>${text}</p>`).join('\n');

export const ul = (...items: string[]) =>
  `<ul>\n${items.map((item) => `<li>${item}</li>`).join('\n')}\n</ul>`;

export const ol = (...items: string[]) =>
  `<ol>\n${items.map((item) => `<li>${item}</li>`).join('\n')}\n</ol>`;

export const h2 = (text: string) => `<h2>${text}</h2>`;

/** Escapes text from the database (place names) before it goes into HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const NAMES_WITH_THE =
  /^(United |Czech Republic$|Netherlands$|Philippines$|Dominican Republic$|Bahamas$|Maldives$|Gambia$)/;

/** "United States" -> "the United States" (as in "riding in the United States"); others as they are. */
export function placeName(name: string): string {
  return NAMES_WITH_THE.test(name) ? `the ${name}` : name;
}
