/**
 * @file Global names of JS runtimes and TS lib types that are never graph references.
 * A name in these sets is dropped unless the file itself binds it at module level
 * (an import or a definition of the same name wins over the global).
 * Runs in: parse workers, Node. Layer src/core.
 */

const VALUES = `globalThis window self global document console Math JSON Reflect Proxy Intl Atomics
WebAssembly Promise Array Object String Number Boolean Symbol BigInt Function Date RegExp Map Set
WeakMap WeakSet WeakRef FinalizationRegistry Error TypeError RangeError SyntaxError ReferenceError
EvalError URIError AggregateError ArrayBuffer SharedArrayBuffer DataView Int8Array Uint8Array
Uint8ClampedArray Int16Array Uint16Array Int32Array Uint32Array Float32Array Float64Array
BigInt64Array BigUint64Array undefined NaN Infinity arguments eval isNaN isFinite parseInt
parseFloat encodeURI encodeURIComponent decodeURI decodeURIComponent escape unescape setTimeout
clearTimeout setInterval clearInterval setImmediate clearImmediate queueMicrotask structuredClone
requestAnimationFrame cancelAnimationFrame requestIdleCallback cancelIdleCallback fetch Request
Response Headers URL URLSearchParams AbortController AbortSignal Blob File FileReader FormData
TextEncoder TextDecoder atob btoa crypto performance navigator location history localStorage
sessionStorage indexedDB caches Event EventTarget CustomEvent MessageChannel MessagePort
BroadcastChannel Worker SharedWorker WebSocket XMLHttpRequest MutationObserver ResizeObserver
IntersectionObserver getComputedStyle matchMedia alert confirm prompt Image Audio Option
Element HTMLElement Node NodeList DocumentFragment DOMParser ShadowRoot customElements
process Buffer require module exports __dirname __filename
describe it test expect beforeEach afterEach beforeAll afterAll jest vi`;

const TYPES = `Array ReadonlyArray Promise PromiseLike Record Partial Required Readonly Pick Omit Exclude
Extract NonNullable ReturnType Parameters InstanceType ConstructorParameters Awaited ThisType
ThisParameterType OmitThisParameter Uppercase Lowercase Capitalize Uncapitalize NoInfer Map Set
WeakMap WeakSet ReadonlyMap ReadonlySet Iterable Iterator IterableIterator IteratorResult
AsyncIterable AsyncIterator AsyncIterableIterator Generator AsyncGenerator Function
CallableFunction NewableFunction Object String Number Boolean Symbol BigInt Date RegExp Error
TypeError RangeError ArrayLike PropertyKey PropertyDescriptor TemplateStringsArray ArrayBuffer
ArrayBufferLike SharedArrayBuffer DataView Int8Array Uint8Array Uint8ClampedArray Int16Array
Uint16Array Int32Array Uint32Array Float32Array Float64Array BigInt64Array BigUint64Array JSON
Math Console Window Document Element Node NodeList Event EventTarget CustomEvent MouseEvent
KeyboardEvent PointerEvent FocusEvent InputEvent WheelEvent TouchEvent DragEvent ClipboardEvent
SubmitEvent ProgressEvent ErrorEvent MessageEvent AbortController AbortSignal Request Response
Headers URL URLSearchParams Blob File FileList FormData ReadableStream WritableStream
TransformStream TextEncoder TextDecoder Worker WebSocket DOMRect CSSStyleDeclaration Storage
Location History Navigator Performance Crypto CryptoKey IDBDatabase MutationObserver
ResizeObserver IntersectionObserver Transferable StructuredSerializeOptions NodeJS Buffer
Symbol WeakRef JSX`;

export const GLOBAL_VALUES: ReadonlySet<string> = new Set(VALUES.split(/\s+/));
export const GLOBAL_TYPES: ReadonlySet<string> = new Set(TYPES.split(/\s+/));

/** Whether a (first-segment) name is a runtime global, or (in type positions) a lib type. */
export function isGlobalName(head: string, isType: boolean): boolean {
  if (isType && (GLOBAL_TYPES.has(head) || /^(HTML|SVG)\w*Element$/.test(head))) return true;
  return GLOBAL_VALUES.has(head);
}
