export const TERMS_COPY = {
  title: 'Términos y condiciones',
  byCountry: {
    cl: [
      'El servicio de toma de muestras y vacunación a domicilio se agenda en línea y se confirma por correo electrónico.',
      'La cancelación con menos de 24 horas de anticipación cobra el servicio a domicilio.',
      'Los resultados se envían por correo electrónico a la persona atendida.',
    ],
    mx: [
      'Los estudios a domicilio se agendan en línea y se confirman por correo electrónico.',
      'Los resultados se envían por correo electrónico a la persona atendida.',
    ],
  },
  linkLabel: 'Ver términos y condiciones',
} as const;
