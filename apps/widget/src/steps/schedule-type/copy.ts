export const SCHEDULE_TYPE_COPY = {
  title: '¿Cómo quieres agendar?',
  normal: 'Agendar por mi cuenta',
  // Our wording..
  medicalOrder: 'Agendar con mi orden médica',
  normalHint: 'Elige tus exámenes, la fecha y la hora.',
  medicalOrderHint: 'Sube tu orden médica y te contactaremos con una cotización.',
} as const;
