// happy-dom 21's `document` is not `instanceof Document` (its HTMLDocument extends an internal
// class). React Aria's isFocusWithin checks exactly that, so in happy-dom a Dialog took focus
// back from the child that already had it (the Datepicker's chosen day), which browsers keep.
const { Document, HTMLDocument } = window;
if (!(document instanceof Document)) {
  Object.defineProperty(Document, Symbol.hasInstance, {
    value: (value: unknown) =>
      value instanceof HTMLDocument || Function.prototype[Symbol.hasInstance].call(Document, value),
  });
}
