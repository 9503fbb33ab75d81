/**
 * A message as the service's JSON (serde over the prost types): an absent optional field is
 * `null`, and a point's `is_approximate` is written only when true (`skip_serializing_if = Not::not`).
 *
 * @example
 * statsJson({ date: '2024-05-01', date_to: '2024-05-01', value: '3', is_approximate: false });
 * // '{"date":"2024-05-01","date_to":"2024-05-01","value":"3"}'
 */
export const statsJson = (message: object): string =>
  JSON.stringify(message, (key, value) =>
    key === 'is_approximate' && value === false ? undefined : value === undefined ? null : value,
  );
