import {
  buildingHeights,
  ridgeVentOptions,
  roofLayerOptions,
  roofSurfaceMaterials,
} from '@domain/quotes/options';
import { RadioField, SelectField } from '../quote-fields';
import { FormSection } from './form-section';

export function RoofSection() {
  return (
    <FormSection title="Roof Details">
      <SelectField
        name="roofSurfaceMaterial"
        label="Roof Surface Material"
        required
        options={roofSurfaceMaterials}
        className="sm:col-span-2"
      />
      <RadioField name="plywoodNeeded" label="Is plywood needed?" required className="sm:col-span-2" />
      <SelectField name="buildingHeight" label="Building Height" required options={buildingHeights} />
      <SelectField name="roofLayers" label="Number of Roof Layers" required options={roofLayerOptions} />
      <RadioField
        name="ridgeVent"
        label="Ridge vent"
        options={ridgeVentOptions}
        description="Does the roof have, or will it get, a vent along its peak?"
        className="sm:col-span-2"
      />
    </FormSection>
  );
}
