// prop-types in a production build (vite.config.ts): react-bootstrap declares its props' checks with it when it loads,
// and React 19 never runs them. The package's own production shim does the same with a long error text in Home's
// first download; this is the same shape without it.
type Validator = (() => null) & { isRequired: Validator };
const validator = (() => null) as unknown as Validator;
validator.isRequired = validator;
const factory = () => validator;

export default {
  any: validator,
  array: validator,
  bigint: validator,
  bool: validator,
  element: validator,
  elementType: validator,
  func: validator,
  node: validator,
  number: validator,
  object: validator,
  string: validator,
  symbol: validator,
  arrayOf: factory,
  exact: factory,
  instanceOf: factory,
  objectOf: factory,
  oneOf: factory,
  oneOfType: factory,
  shape: factory,
  checkPropTypes: () => undefined,
  resetWarningCache: () => undefined,
};
