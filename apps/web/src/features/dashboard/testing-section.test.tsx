import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@/lib/paths';
import { buildPublicConfig, mockApi, renderApp } from '@/testing';
import { TestingSection } from './components/testing-section';

const aboutThisPage = () => screen.getByRole('note', { name: 'About this page' });

describe('the Testing tab says what it is', () => {
  it("the dashboard's Testing tab says it is for trying the interface", async () => {
    mockApi({ 'GET /api/config': { body: buildPublicConfig() } });
    renderApp(<TestingSection />);
    expect(aboutThisPage()).toHaveTextContent('This tab is for trying the interface; nothing here is your data.');
    expect(screen.getByRole('link', { name: 'feature test page' })).toHaveAttribute('href', paths.featureFlags);
  });
});
